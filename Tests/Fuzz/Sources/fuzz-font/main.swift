import FuzzSupport

// libFuzzer runs `FuzzTargets.font` on each input (see Tests/Fuzz/README.md).
runLibFuzzer(FuzzTargets.font)
