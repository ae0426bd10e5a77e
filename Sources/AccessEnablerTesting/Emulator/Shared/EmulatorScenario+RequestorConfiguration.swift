import Foundation

extension EmulatorScenario.Requestor {
    /// The `requestor` object both configuration endpoints answer: `id`, `name`, `domains` (none
    /// MVPD-initiated) and `mvpds`, whose members each REST version builds its own way.
    func configurationJSON(mvpds: [JSONText]) -> JSONText {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("domains", .array(domains.map { .object([("name", .string($0)), ("mvpdInitiated", .bool(false))]) })),
            ("mvpds", .array(mvpds)),
        ])
    }
}
