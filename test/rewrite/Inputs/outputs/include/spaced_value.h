// Found only through the include path the test gives.
#define SPACED_VALUE_TYPE double
