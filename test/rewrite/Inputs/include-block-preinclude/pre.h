// Pre-included with -include: defines what the block's header needs.
#define PRE_SCALE 3
