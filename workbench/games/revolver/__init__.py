"""Revolver 1.2 Hunt the Man Down: scope targeting, the Prison Phase as a game, bullet wounds, FAQ rulings.

Every number comes from the resolved ruleset (:mod:`.parameters`); every draw is a chance node and
every choice a decision or a caller's policy, all in the state's log.
"""
