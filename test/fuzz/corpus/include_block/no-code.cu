#include <a.h> /* open
 comment */
#include <b.h>