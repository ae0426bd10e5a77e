// Integration code written the way Objective-C apps wrote it against Adobe's AccessEnabler
// framework, after the migration: the framework's imports are replaced by the one import below.
// .ci/apple-sdk-check compiles it against AccessEnablerLegacy's generated Objective-C header and
// the AccessEnablerLegacyObjC header with Apple's iOS SDK. Not built by SwiftPM.
#import <UIKit/UIKit.h>

// In an app: @import AccessEnablerLegacyObjC; (or #import "AccessEnablerLegacyObjC.h"). The check
// compiles without SwiftPM's module maps, so the generated header comes first from its folder.
#if __has_include("AccessEnablerLegacy-Swift.h")
#import "AccessEnablerLegacy-Swift.h"
#endif
#import "AccessEnablerLegacyObjC.h"

NS_ASSUME_NONNULL_BEGIN

@interface TVProviderManager : NSObject <EntitlementDelegate, EntitlementStatus>

@property (nonatomic, strong, readonly) AccessEnabler *accessEnabler;
@property (nonatomic, weak, nullable) UIViewController *presentingViewController;
@property (nonatomic, copy, readonly) NSArray<MVPD *> *providers;
@property (nonatomic, copy, nullable) NSString *mediaToken;
@property (nonatomic, assign, readonly) BOOL authenticated;
@property (nonatomic, copy, readonly) NSSet<NSString *> *preauthorizedResourceIDs;

+ (instancetype)sharedManager;
- (instancetype)initWithSoftwareStatement:(NSString *)softwareStatement;

- (void)start;
- (void)signIn;
- (void)signInWithProvider:(nullable NSString *)mvpdId;
- (void)finishSignInWithURL:(NSURL *)url;
- (void)playResource:(NSString *)resource;
- (void)refreshLocks:(NSArray<NSString *> *)resources;
- (void)preauthorizeResources:(NSArray<NSString *> *)resources;
- (void)readMetadata;
- (void)signOut;

@end

NS_ASSUME_NONNULL_END
