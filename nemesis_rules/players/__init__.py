"""Players that drive the model: the uniform random player and the goal-seeking one. They use
the model; the model knows none of them."""
