//===- SiteAnalysisApi.h - The site analysis the plugin builds on --------===//
//
// One place that names the shared front-end analysis, so the plugin's other
// files do not depend on where it lives.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PLUGIN_SITEANALYSISAPI_H
#define PTXINJECT_PLUGIN_SITEANALYSISAPI_H

#include "StandInSiteAnalysis.h"

#endif
