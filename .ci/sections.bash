# Sourced by .ci/run: sections with their durations, and skips that CI cannot miss.
#
#   section "Title"             starts a section (and ends the one before; its duration is kept)
#   skip ID "what was not done" records that the current section skipped a check because a tool or
#                               an SDK is missing. With CI=true it fails the run unless ID is in
#                               allowed_skips (the list at the top of .ci/run); either way it is
#                               printed again, as a SKIPPED: line, in the last lines of the run.
#   ensure_debian_package PACKAGE [COMMAND]
#                               installs a Debian package unless it is installed (COMMAND on the
#                               PATH, when one is named); returns 1 when it cannot (then call skip).
#
# The summary (each section's duration, then the SKIPPED: lines) is printed when the run ends,
# whether it passed or failed.

ci_section_names=()
ci_section_seconds=()
ci_section_started=""
ci_started=$(date +%s)
ci_skips=()

# The title of the current section.
ci_current_section() {
    if [ "${#ci_section_names[@]}" -gt 0 ]; then
        echo "${ci_section_names[${#ci_section_names[@]}-1]}"
    else
        echo "(before the first section)"
    fi
}

# Ends the current section, keeping its duration.
ci_end_section() {
    if [ -n "$ci_section_started" ]; then
        ci_section_seconds+=($(($(date +%s) - ci_section_started)))
        ci_section_started=""
    fi
}

section() {
    ci_end_section
    ci_section_names+=("$*")
    ci_section_started=$(date +%s)
    printf '\n=== %s (%s)\n' "$*" "$(date +%H:%M:%S)"
}

# Whether `$1` is in allowed_skips (each entry is "ID" or "ID: why it may be skipped").
ci_skip_allowed() {
    local entry
    for entry in "${allowed_skips[@]}"; do
        [ "${entry%%:*}" = "$1" ] && return 0
    done
    return 1
}

skip() {
    local id="$1" what="$2"
    ci_skips+=("SKIPPED: [$id] $what (section: $(ci_current_section))")
    echo "SKIPPED: [$id] $what"
    if [ "${CI:-}" = "true" ] && ! ci_skip_allowed "$id"; then
        echo "error: skip \"$id\" is not in allowed_skips at the top of .ci/run: on CI it is a failure" >&2
        exit 1
    fi
}

# Whether PACKAGE is installed (COMMAND on the PATH when one is named).
ci_has_package() {
    if [ -n "${2:-}" ]; then
        command -v "$2" >/dev/null 2>&1
    else
        dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
    fi
}

ensure_debian_package() {
    local package="$1" command="${2:-}"
    ci_has_package "$package" "$command" && return 0
    echo "Installing Debian's $package"
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "note: no apt-get on this machine"
        return 1
    fi
    # The package lists are refreshed once per run, before the first install.
    if [ -z "${ci_apt_updated:-}" ]; then
        timeout 300 apt-get update -qq >/dev/null 2>&1 || true
        ci_apt_updated=1
    fi
    timeout 900 env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" \
        >/dev/null 2>&1 || true
    ci_has_package "$package" "$command"
}

# Prints each section's duration, the total, and the skips (last), however the run ends.
ci_summary() {
    local status=$?
    ci_end_section
    local index seconds
    echo
    echo "=== Durations"
    for index in "${!ci_section_seconds[@]}"; do
        seconds=${ci_section_seconds[$index]}
        printf '%4dm%02ds  %s\n' $((seconds / 60)) $((seconds % 60)) "${ci_section_names[$index]}"
    done
    seconds=$(($(date +%s) - ci_started))
    printf '%4dm%02ds  total\n' $((seconds / 60)) $((seconds % 60))
    if [ "$status" -eq 0 ]; then
        echo "CI passed."
    else
        echo "CI FAILED (exit $status) in: $(ci_current_section)"
    fi
    if [ "${#ci_skips[@]}" -gt 0 ]; then
        echo "${#ci_skips[@]} check(s) did NOT run:"
        printf '%s\n' "${ci_skips[@]}"
    fi
}
trap ci_summary EXIT
