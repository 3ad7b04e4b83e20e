"""The rules layer: Game, its rules, boards in other forms, errors, pictures."""
