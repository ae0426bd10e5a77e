#import "TVProviderManager.h"

static NSString *const kRequestorID = @"nbcentertainment";
static NSString *const kSoftwareStatement = @"eyJhbGciOiJSUzI1NiJ9.software-statement";

@interface TVProviderManager ()
@property (nonatomic, strong, readwrite) AccessEnabler *accessEnabler;
@property (nonatomic, copy, readwrite) NSArray<MVPD *> *providers;
@property (nonatomic, assign, readwrite) BOOL authenticated;
@property (nonatomic, copy, readwrite) NSSet<NSString *> *preauthorizedResourceIDs;
@end

@implementation TVProviderManager

+ (instancetype)sharedManager {
    static TVProviderManager *shared = nil;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[TVProviderManager alloc] initWithSoftwareStatement:kSoftwareStatement];
    });
    return shared;
}

- (instancetype)initWithSoftwareStatement:(NSString *)softwareStatement {
    self = [super init];
    if (self) {
        _accessEnabler = [[AccessEnabler alloc] init:softwareStatement];
        _accessEnabler.delegate = self;
        _accessEnabler.statusDelegate = self;
        _providers = @[];
        _preauthorizedResourceIDs = [NSSet set];
    }
    return self;
}

- (AccessEnabler *)checkedAccessEnabler {
    // 3.8.3+: verify the stored tokens at start.
    return [[AccessEnabler alloc] initWithStorageCheck:INTEGRITY_CHECK_ALL softwareStatement:kSoftwareStatement];
}

#pragma mark - Calls

- (void)start {
    [self.accessEnabler setOptions:@{@"applicationProfile": @"tvapp", @"visitorID": @"visitor-1", @"handleSVC": @YES}];
    [self.accessEnabler setRequestor:kRequestorID];
}

- (void)startWithServiceProviders:(NSArray *)urls {
    [self.accessEnabler setRequestor:kRequestorID serviceProviders:urls];
}

- (void)startTheOldWay {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    AccessEnabler *old = [[AccessEnabler alloc] init];
    [old setRequestor:kRequestorID signedRequestorID:@"signed"];
    [old setRequestor:kRequestorID signedRequestorID:@"signed" serviceProviders:@[@"https://sp.auth.adobe.com"]];
    [old setRequestor:kRequestorID signedRequestorID:@"signed" secret:@"secret" publicKey:@"public_key"];
    [old setRequestor:kRequestorID signedRequestorID:@"signed" serviceProviders:@[] secret:@"secret" publicKey:@"public_key"];
    [old setRequestor:kRequestorID signedRequestorId:@"signed"];
    [old setRequestor:kRequestorID signedRequestorId:@"signed" serviceProviders:@[]];
    [old setRequestor:kRequestorID signedRequestorId:@"signed" secret:@"secret" publicKey:@"public_key"];
    [old setRequestor:kRequestorID signedRequestorId:@"signed" serviceProviders:@[] secret:@"secret" publicKey:@"public_key"];
    [old setRequestor:kRequestorID setSignedRequestorId:@"signed"];
    [old setRequestor:kRequestorID setSignedRequestorId:@"signed" serviceProviders:@[]];
    [old setRequestor:kRequestorID setSignedRequestorId:@"signed" secret:@"secret" publicKey:@"public_key"];
    [old setRequestor:kRequestorID setSignedRequestorId:@"signed" serviceProviders:@[] secret:@"secret" publicKey:@"public_key"];
    [old getAuthenticationToken];
#pragma clang diagnostic pop
}

- (void)signIn {
    self.accessEnabler.usesSecondScreenAuthentication = NO;
    [self.accessEnabler getAuthentication];
}

- (void)signInAgainWithData:(NSDictionary *)data {
    [self.accessEnabler getAuthentication:YES withData:data];
}

- (void)signInWithApplePicker {
    NSDictionary *filter = @{TV_PROVIDERS: @[@"Comcast_SSO", @"Spectrum"], FEATURED_TV_PROVIDERS: @[@"Comcast_SSO"]};
    [self.accessEnabler getAuthentication:filter];
    [self.accessEnabler getAuthentication:NO withData:nil andFilter:filter];
}

- (void)checkSignedIn {
    [self.accessEnabler checkAuthentication];
}

- (void)signInWithProvider:(nullable NSString *)mvpdId {
    [self.accessEnabler setSelectedProvider:mvpdId];
}

- (void)finishSignInWithURL:(NSURL *)url {
    [self.accessEnabler handleExternalURL:url.absoluteString];
}

- (void)playResource:(NSString *)resource {
    [self.accessEnabler getAuthorization:resource];
}

- (void)playResource:(NSString *)resource withData:(NSDictionary *)data {
    [self.accessEnabler getAuthorization:resource withData:data];
}

- (void)checkResource:(NSString *)resource {
    [self.accessEnabler checkAuthorization:resource];
    [self.accessEnabler checkAuthorization:resource withData:@{@"hba_status": @"true"}];
}

- (void)refreshLocks:(NSArray<NSString *> *)resources {
    [self.accessEnabler checkPreauthorizedResources:resources];
    [self.accessEnabler checkPreauthorizedResources:resources cache:NO];
}

- (void)preauthorizeResources:(NSArray<NSString *> *)resources {
    PreauthorizeRequestBuilder *builder = [[PreauthorizeRequestBuilder alloc] init];
    [builder setResourcesWithResources:resources];
    [builder disableFeaturesWithFeatures:[NSSet setWithObject:@(PreauthorizeRequestFeatureLOCAL_CACHE)]];
    PreauthorizeRequest *request = [builder build];
    PreauthorizeRequest *chained = [[[[[PreauthorizeRequestBuilder alloc] init] setResourcesWithResources:resources]
        disableFeaturesWithFeatures:[NSSet setWithObjects:@(PreauthorizeRequestFeatureLOCAL_CACHE), @(PreauthorizeRequestFeatureREMOTE_CACHE), nil]] build];
    (void)chained;

    __weak TVProviderManager *weakSelf = self;
    AccessEnablerCallback *callback = [[AccessEnablerCallback alloc]
        initWithOnResponse:^(PreauthorizeResponse *result) {
            NSMutableSet<NSString *> *allowed = [NSMutableSet set];
            for (Decision *decision in [result getDecisions]) {
                if ([decision isAuthorized]) {
                    [allowed addObject:[decision getId]];
                } else {
                    Status *error = [decision getError];
                    NSLog(@"%@ denied: %@ (%@)", [decision getId], [error getCode], [error getMessage]);
                }
            }
            Status *status = [result getStatus];
            if (status != nil) {
                NSLog(@"preauthorize: %ld %@ %@ %@ %@ %@", (long)[status getStatus], [status getCode], [status getDetails],
                      [status getHelpUrl], [status getTrace], [status getAction]);
            }
            weakSelf.preauthorizedResourceIDs = allowed;
        }
        onFailure:^(PreauthorizeResponse *result) {
            Status *status = [result getStatus];
            NSLog(@"preauthorize failed: %@", [status getCode]);
        }];
    [self.accessEnabler preauthorize:request didCompleteWith:callback];
}

- (void)readMetadata {
    [self.accessEnabler getMetadata:@{METADATA_OPCODE_KEY: @(METADATA_AUTHENTICATION)}];
    [self.accessEnabler getMetadata:@{METADATA_OPCODE_KEY: @(METADATA_AUTHORIZATION), METADATA_RESOURCE_ID_KEY: @"news"}];
    [self.accessEnabler getMetadata:@{METADATA_OPCODE_KEY: @(METADATA_DEVICE_ID)}];
    [self.accessEnabler getMetadata:@{METADATA_OPCODE_KEY: @(METADATA_USER_META), METADATA_USER_META_KEY: @"zip"}];
    [self.accessEnabler getSelectedProvider];
}

- (void)signOut {
    [self.accessEnabler logout];
}

- (void)signInWithProviderList {
    // SDK 2.0-2.3.1: the filter is an array of MVPD IDs.
    NSArray *providers = @[@"Comcast_SSO", @"Spectrum"];
    [self.accessEnabler getAuthentication:providers];
    [self.accessEnabler getAuthentication:NO withData:nil andFilter:providers];
}

- (void)useTheSafariRedirectAndDispatchStatus {
    // Adobe's 3.x AccessEnabler.h: the redirect of Safari logins, and dispatchStatus:.
    self.accessEnabler.svcRedirectURL = @"adbe.u-XFXJeTSDuJiIQs0HVRAg://adobe.com";
    NSString *redirect = self.accessEnabler.svcRedirectURL ?: @"";
    [self.accessEnabler dispatchStatus:@{@"errorId": @"APP_REDIRECT", @"level": @"info", @"message": redirect}];
}

- (BOOL)isProvider:(id)object {
    // The class's runtime name is MVPD, as in Adobe's framework.
    return [object isKindOfClass:NSClassFromString(@"MVPD")];
}

#pragma mark - EntitlementDelegate

- (void)setRequestorComplete:(int)status {
    if (status == ACCESS_ENABLER_STATUS_SUCCESS) {
        [self.accessEnabler checkAuthentication];
    } else if (status == ACCESS_ENABLER_STATUS_ERROR) {
        NSLog(@"configuration failed");
    }
}

- (void)setAuthenticationStatus:(int)status errorCode:(NSString *)code {
    self.authenticated = (status == ACCESS_ENABLER_STATUS_SUCCESS);
    if ([code isEqualToString:USER_AUTHENTICATED]) {
        NSLog(@"signed in");
    } else if ([code isEqualToString:USER_NOT_AUTHENTICATED_ERROR] || [code isEqualToString:PROVIDER_NOT_SELECTED_ERROR]) {
        NSLog(@"signed out");
    } else if ([code isEqualToString:GENERIC_AUTHENTICATION_ERROR] || [code isEqualToString:INTERNAL_AUTHENTICATION_ERROR]
               || [code isEqualToString:PROVIDER_NOT_AVAILABLE_ERROR]) {
        NSLog(@"sign-in failed: %@", code);
    }
}

- (void)setToken:(NSString *)token forResource:(NSString *)resource {
    self.mediaToken = token;
    NSLog(@"play %@", resource);
}

- (void)preauthorizedResources:(NSArray *)resources {
    self.preauthorizedResourceIDs = [NSSet setWithArray:resources];
}

- (void)tokenRequestFailed:(NSString *)resource errorCode:(NSString *)code errorDescription:(NSString *)description {
    if ([code isEqualToString:USER_NOT_AUTHORIZED_ERROR] || [code isEqualToString:GENERIC_AUTHORIZATION_ERROR]
        || [code isEqualToString:INTERNAL_AUTHORIZATION_ERROR] || [code isEqualToString:INTERNAL_ERROR]) {
        NSLog(@"%@ not authorized: %@", resource, description);
    }
}

- (void)selectedProvider:(MVPD *)mvpd {
    if (mvpd == nil) {
        return;
    }
    NSLog(@"%@ %@ %@ %d %@", mvpd.ID, mvpd.displayName, mvpd.logoURL, mvpd.enablePlatformServices, mvpd.boardingStatus);
}

- (void)displayProviderDialog:(NSArray *)mvpds {
    NSMutableArray<MVPD *> *providers = [NSMutableArray array];
    for (MVPD *mvpd in mvpds) {
        if (mvpd.displayName.length > 0 && mvpd.logoURL != nil) {
            [providers addObject:mvpd];
        }
    }
    self.providers = providers;
    MVPD *first = providers.firstObject;
    [self.accessEnabler setSelectedProvider:first.ID];
}

- (void)sendTrackingData:(NSArray *)data forEventType:(int)event {
    switch (event) {
        case TRACKING_AUTHENTICATION:
            NSLog(@"authentication tracked: %@", data.firstObject);
            break;
        case TRACKING_AUTHORIZATION:
            NSLog(@"authorization tracked: %@", data.firstObject);
            break;
        case TRACKING_GET_SELECTED_PROVIDER:
            NSLog(@"provider tracked: %@", data.firstObject);
            break;
        default:
            break;
    }
}

- (void)setMetadataStatus:(id)metadata encrypted:(BOOL)encrypted forKey:(int)key andArguments:(NSDictionary *)arguments {
    switch (key) {
        case METADATA_AUTHENTICATION:
        case METADATA_AUTHORIZATION:
        case METADATA_DEVICE_ID:
            NSLog(@"metadata %d: %@", key, metadata);
            break;
        case METADATA_USER_META:
            NSLog(@"user metadata %@: %@ (encrypted: %d)", arguments[METADATA_USER_META_KEY], metadata, encrypted);
            break;
        default:
            break;
    }
}

- (void)navigateToUrl:(NSString *)url {
    NSLog(@"load %@ until %@", url, ADOBEPASS_REDIRECT_URL);
}

- (void)navigateToUrl:(NSString *)url useSVC:(BOOL)useSVC {
    NSLog(@"present %@ in Safari (%d)", url, useSVC);
}

- (void)presentTvProviderDialog:(UIViewController *)viewController {
    [self.presentingViewController presentViewController:viewController animated:YES completion:nil];
}

- (void)dismissTvProviderDialog:(UIViewController *)viewController {
    [viewController dismissViewControllerAnimated:YES completion:nil];
}

#pragma mark - EntitlementStatus

- (void)status:(NSDictionary *)statusDictionary {
    NSLog(@"status %@ (%@): %@", statusDictionary[@"errorId"], statusDictionary[@"level"], statusDictionary[@"message"]);
}

@end
