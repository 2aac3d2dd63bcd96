print(1)
for row in try await StoreBenchmarks.run() { print(CommandLine.arguments.contains("--json") ? row.json : row.text) }
