"""Western Legends: poker hands and saloon poker, and the turn engine on a grid map."""
