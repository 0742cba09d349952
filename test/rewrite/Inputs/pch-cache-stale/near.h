typedef float near_t;
