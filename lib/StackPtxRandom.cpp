// StackPtxRandom: being written.
