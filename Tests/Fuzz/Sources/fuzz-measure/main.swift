import FuzzSupport

// libFuzzer runs `FuzzTargets.measure` on each input (see Tests/Fuzz/README.md).
runLibFuzzer(FuzzTargets.measure)
