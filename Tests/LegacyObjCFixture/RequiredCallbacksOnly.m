// An Objective-C delegate written for Adobe's SDK 2.x, after the migration: it implements only the
// callbacks the protocols require, none of the optional ones (`navigateToUrl:useSVC:`,
// `sendTrackingData:forEventType:`, `presentTvProviderDialog:`, `dismissTvProviderDialog:`, and
// `EntitlementStatus`'s `status:`). .ci/apple-sdk-check compiles it against AccessEnablerLegacy's
// generated Objective-C header with Apple's iOS SDK under -Werror=protocol: a callback the header
// declared required without the seeds saying so would fail it. Not built by SwiftPM.
#import <UIKit/UIKit.h>

#if __has_include("AccessEnablerLegacy-Swift.h")
#import "AccessEnablerLegacy-Swift.h"
#endif
#import "AccessEnablerLegacyObjC.h"

NS_ASSUME_NONNULL_BEGIN

@interface RequiredCallbacksOnly : NSObject <EntitlementDelegate, EntitlementStatus>
@property (nonatomic, strong, readonly) AccessEnabler *accessEnabler;
@end

NS_ASSUME_NONNULL_END

@implementation RequiredCallbacksOnly

- (instancetype)init {
    self = [super init];
    if (self) {
        _accessEnabler = [[AccessEnabler alloc] init:@"eyJhbGciOiJSUzI1NiJ9.software-statement"];
        _accessEnabler.delegate = self;
        _accessEnabler.statusDelegate = self;
        [_accessEnabler setRequestor:@"nbcentertainment"];
    }
    return self;
}

- (void)setRequestorComplete:(int)status {
    [self.accessEnabler checkAuthentication];
}

- (void)setAuthenticationStatus:(int)status errorCode:(NSString *)code {
    NSLog(@"authenticated: %d (%@)", status, code);
}

- (void)setToken:(NSString *)token forResource:(NSString *)resource {
    NSLog(@"play %@", resource);
}

- (void)preauthorizedResources:(NSArray *)resources {
    NSLog(@"preauthorized %@", resources);
}

- (void)tokenRequestFailed:(NSString *)resource errorCode:(NSString *)code errorDescription:(NSString *)description {
    NSLog(@"%@ not authorized: %@", resource, code);
}

- (void)selectedProvider:(MVPD *)mvpd {
    NSLog(@"selected %@", mvpd.ID);
}

- (void)displayProviderDialog:(NSArray *)mvpds {
    [self.accessEnabler setSelectedProvider:((MVPD *)mvpds.firstObject).ID];
}

- (void)setMetadataStatus:(id)metadata encrypted:(BOOL)encrypted forKey:(int)key andArguments:(NSDictionary *)arguments {
    NSLog(@"metadata %d: %@", key, metadata);
}

- (void)navigateToUrl:(NSString *)url {
    NSLog(@"load %@ until %@", url, ADOBEPASS_REDIRECT_URL);
}

@end
