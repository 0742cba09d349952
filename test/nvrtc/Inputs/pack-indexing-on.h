// Undoes the nvrtc prelude's #undef of __cpp_pack_indexing: a pre-included
// header comes after the prelude. Used to make Clang 19's PCH fault on purpose.
#define __cpp_pack_indexing 202311L
