// StackPtxText: being written.
