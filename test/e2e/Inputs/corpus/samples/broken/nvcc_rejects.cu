__global__ void broken(float *v) { v[0] = undeclared_name; }
