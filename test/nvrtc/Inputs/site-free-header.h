// A library header without sites: the nvrtc mode does not parse the body of
// a function here unless a type depends on it, so the undeclared call below
// is never seen (a parse of every body reports it).
inline __device__ float library_helper(float x) { return undeclared_in_body(x); }
template <class T> __device__ T library_template(T x) { return x + x; }
