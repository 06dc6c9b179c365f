import FuzzSupport

// libFuzzer runs `FuzzTargets.json` on each input (see Tests/Fuzz/README.md).
runLibFuzzer(FuzzTargets.json)
