import AccessEnabler
import ArgumentParser

/// `--backend restV2|restV1`: the SDK's wire protocols, parsed from their raw values.
extension AccessEnabler.Backend: @retroactive ExpressibleByArgument {}
