"""Reinforcement learning: the batched environment, Gymnasium, evaluation."""
