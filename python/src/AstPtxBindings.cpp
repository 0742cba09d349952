#include "Bindings.h"
namespace ptxinject { namespace python { void bindAstPtx(nanobind::module_ &) {} } }
