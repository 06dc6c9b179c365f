// libFuzzer's driver entry (compiler-rt, FuzzerDriver.cpp): SwiftPM gives every executable
// its own `main`, so each fuzz target's main calls this instead of linking libFuzzer's.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
