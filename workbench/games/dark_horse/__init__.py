"""Dark Horse with Rebels & Rogues: gunfights, reputation, and the dice-placement turn engine."""
