/// The core's ``MVPD`` under a second name, for `AccessEnablerLegacy`: there, `MVPD` is the legacy
/// SDK's class (which shadows this struct in files that import only `AccessEnablerLegacy`), and the
/// adapter still has to name this one to build it from. Package access: not part of the public API.
package typealias CoreMVPD = MVPD
