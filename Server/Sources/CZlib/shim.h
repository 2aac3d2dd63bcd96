// zlib, for gzipping the answers the server keeps in memory (Debian: zlib1g-dev).
#include <zlib.h>
