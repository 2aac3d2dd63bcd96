print(1)
RecurrenceBenchmarks.run().forEach { print(CommandLine.arguments.contains("--json") ? $0.json : $0.description) }
