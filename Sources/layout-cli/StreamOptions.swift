import ArgumentParser

/// Options of the commands that stream JSON Lines.
struct StreamOptions: ParsableArguments {
    @Flag(name: .customLong("keep-going"),
          help: "Report a bad row on stderr and go on; exit 1 at the end if any row was skipped.")
    var keepGoing = false

    @Flag(help: "No progress line on stderr (it only shows when stderr is a terminal).")
    var quiet = false
}
