// PtxEval: being written.
