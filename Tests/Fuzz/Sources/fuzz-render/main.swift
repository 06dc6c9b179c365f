import FuzzSupport

// libFuzzer runs `FuzzTargets.render` on each input (see Tests/Fuzz/README.md).
runLibFuzzer(FuzzTargets.render)
