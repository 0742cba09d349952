#define BESIDE 1
