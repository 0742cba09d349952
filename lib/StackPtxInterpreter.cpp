// StackPtxInterpreter: being written.
