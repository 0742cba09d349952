typedef float shadow_t;
