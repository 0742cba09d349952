/* Placeholder: the runtime C API lands with the runtime work. */
