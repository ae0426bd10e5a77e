// Apps migrating from the Objective-C SDK import only this module: it brings the async core's
// types (MVPD, PreauthorizeRequest, Status, …) with it.
@_exported import AccessEnabler
