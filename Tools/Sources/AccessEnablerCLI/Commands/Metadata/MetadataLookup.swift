import AccessEnabler

/// The body the metadata subcommands share: configure, read one key, report it.
enum MetadataLookup {
    /// Reads `key` and prints it under the name `label` (the JSON `key`).
    static func run(_ connection: ConnectionOptions, _ output: OutputOptions, key: MetadataKey, label: String)
        async throws
    {
        try await CommandExecution.run(connection, output) { session in
            try await session.configure()
            let enabler = session.enabler
            let metadata = try await session.during("Reading \(label)") {
                try await enabler.getMetadata(key)
            }
            return MetadataReport(key: label, metadata: metadata)
        }
    }
}
