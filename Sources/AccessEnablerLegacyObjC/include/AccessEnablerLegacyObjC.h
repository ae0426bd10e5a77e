// AccessEnablerLegacyObjC.h: the one import of an Objective-C app that moves from Adobe's
// AccessEnabler framework to AccessEnablerLegacy (`@import AccessEnablerLegacyObjC;`).
//
// It brings the Swift module's Objective-C interface (the class AccessEnabler, the protocols
// EntitlementDelegate and EntitlementStatus, MVPD and the preauthorize classes) and declares the
// legacy constants as Adobe's headers did: preprocessor macros, so that the integers work as
// `case` labels and the strings compare with -isEqualToString:. The values are the Swift
// constants' (a Linux test compares the two).
//
// Nothing here is visible to Swift (`__swift__`) or to C: Swift code gets these names from the
// Swift module, and a second declaration would make them ambiguous there.
#ifndef ACCESS_ENABLER_LEGACY_OBJC_H
#define ACCESS_ENABLER_LEGACY_OBJC_H

#if defined(__OBJC__) && !defined(__swift__)

#import <Foundation/Foundation.h>

// A file that already included the generated header (a mixed-language target) does not import
// the module again.
#if !defined(ACCESSENABLERLEGACY_SWIFT_H) && __has_feature(modules)
@import AccessEnablerLegacy;
#endif

// Status of setRequestorComplete: and setAuthenticationStatus:errorCode:.
#define ACCESS_ENABLER_STATUS_SUCCESS 1
#define ACCESS_ENABLER_STATUS_ERROR 0

// Error codes of setAuthenticationStatus:errorCode: and tokenRequestFailed:errorCode:errorDescription:.
#define USER_AUTHENTICATED @""
#define USER_NOT_AUTHENTICATED_ERROR @"User Not Authenticated Error"
#define PROVIDER_NOT_SELECTED_ERROR @"Provider not Selected Error"
#define PROVIDER_NOT_AVAILABLE_ERROR @"Provider not Available Error"
#define GENERIC_AUTHENTICATION_ERROR @"Generic Authentication Error"
#define INTERNAL_AUTHENTICATION_ERROR @"Internal Authentication Error"
#define USER_NOT_AUTHORIZED_ERROR @"User not Authorized Error"
#define GENERIC_AUTHORIZATION_ERROR @"Generic Authorization Error"
#define INTERNAL_AUTHORIZATION_ERROR @"Internal Authorization Error"
#define INTERNAL_ERROR @"Internal Error"

// Where web-view logins and logouts end: cancel that navigation and call handleExternalURL:.
#define ADOBEPASS_REDIRECT_URL @"adobepass://ios.app"

// getMetadata: dictionary keys and operations.
#define METADATA_OPCODE_KEY @"METADATA_OPCODE_KEY"
#define METADATA_RESOURCE_ID_KEY @"METADATA_RESOURCE_ID_KEY"
#define METADATA_USER_META_KEY @"METADATA_USER_META_KEY"
#define METADATA_AUTHENTICATION 0
#define METADATA_AUTHORIZATION 1
#define METADATA_DEVICE_ID 2
#define METADATA_USER_META 3

// sendTrackingData:forEventType: events.
#define TRACKING_AUTHENTICATION 0
#define TRACKING_AUTHORIZATION 1
#define TRACKING_GET_SELECTED_PROVIDER 2

// Apple TV Provider picker filter keys of getAuthentication: and getAuthentication:withData:andFilter:.
#define TV_PROVIDERS @"TV_PROVIDERS"
#define FEATURED_TV_PROVIDERS @"FEATURED_TV_PROVIDERS"

// The storage check of initWithStorageCheck:softwareStatement: (3.8.3+).
typedef NS_ENUM(NSInteger, IntegrityCheckType) {
    INTEGRITY_CHECK_NONE = 0,
    INTEGRITY_CHECK_ALL = 1,
    INTEGRITY_CHECK_CLEAR = 2,
};

#endif // defined(__OBJC__) && !defined(__swift__)

#endif // ACCESS_ENABLER_LEGACY_OBJC_H
