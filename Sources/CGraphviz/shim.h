// Graphviz's layout and rendering library (Debian: libgraphviz-dev), used in-process by
// AtomScopeKit's renderer.
#include <graphviz/gvc.h>
#include <graphviz/gvplugin.h>
