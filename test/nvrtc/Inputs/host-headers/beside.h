// A header of the program's (-I): its includes are the program's too.
#ifdef BESIDE_HEADER
#include BESIDE_HEADER
#endif
