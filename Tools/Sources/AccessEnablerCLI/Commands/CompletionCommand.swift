import ArgumentParser

/// `accessenabler completion SHELL`: the shell completion script ArgumentParser generates.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: HelpText.examples([
            "# bash: for this shell, or in ~/.bashrc",
            "source <(accessenabler completion bash)",
            "# zsh: a file in a folder on $fpath, then a new shell",
            "accessenabler completion zsh > ~/.zfunc/_accessenabler",
            "# fish",
            "accessenabler completion fish > ~/.config/fish/completions/accessenabler.fish",
        ]))

    @Argument(help: ArgumentHelp("The shell: bash, zsh or fish.", valueName: "shell"))
    var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("The shell must be bash, zsh or fish; got \"\(shell)\".")
        }
    }

    func run() throws {
        guard let shell = CompletionShell(rawValue: shell) else { return }
        Console().outRaw(AccessEnablerCommand.completionScript(for: shell))
    }
}
