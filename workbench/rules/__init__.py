"""The rules layer: what the games' content means to the engines (rule parameters, effect vocabularies)."""
