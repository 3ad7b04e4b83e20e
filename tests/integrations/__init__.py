"""The integrations: Kaggle, PettingZoo, OpenSpiel."""
