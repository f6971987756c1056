/** API paths (spec §7), relative to the origin. The web's base query prefixes nothing else. */
export const API_BASE = '/api/v1';
const SERVICE = `${API_BASE}/admin/service`;
const AUTH = `${API_BASE}/admin/auth`;
const MANAGE = `${API_BASE}/admin/manage`;
const SETTING = `${API_BASE}/admin/setting`;
const MARKETING = `${API_BASE}/admin/marketing`;

export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
  auth: {
    login: `${AUTH}/login`,
    logout: `${AUTH}/logout`,
    profile: `${AUTH}/get-profile-details`,
    forgotPassword: `${AUTH}/forgot-password`,
    validateForgotPasswordToken: `${AUTH}/validate-forgot-password-token`,
    forgotSetPassword: `${AUTH}/forgot-set-password`,
    updateProfile: `${AUTH}/update-profile-details`,
    changePassword: `${AUTH}/change-password`,
    loginActivity: `${AUTH}/get-login-activity`,
    logoutOthers: `${AUTH}/logout-all-other-device`,
    generateTwoFactorSecret: `${AUTH}/generate-2fa-secret`,
    verifyTwoFactor: `${AUTH}/verify-2fa-enable-otp`,
    disableTwoFactor: `${AUTH}/disable-2fa`,
    validateLoginToken: `${AUTH}/validate-login-token`,
    userTypePermissions: `${AUTH}/getUserTypePermissions`,
    notifications: `${AUTH}/get-notifications`,
    markNotificationsRead: `${AUTH}/mark-as-read-notification`,
    markAllNotificationsRead: `${AUTH}/mark-as-read-all-notification`,
  },
  common: {
    clientConfig: `${API_BASE}/common/client-config`,
    saveFcmToken: `${API_BASE}/common/save-fcm-token`,
    /** Signed in: the VAPID application server key for PushManager.subscribe. */
    vapidPublicKey: `${API_BASE}/common/vapid-public-key`,
    /** Public: `{active, message}` for the service-unavailable screen (maintenance mode). */
    serviceStatus: `${API_BASE}/common/service-status`,
  },
  setting: {
    addIp: `${SETTING}/add-ip`,
    listIps: `${SETTING}/get-ips`,
    deleteIp: `${SETTING}/delete-ip`,
    saveCommunication: `${SETTING}/add-communication-settings`,
    communication: `${SETTING}/get-communication-settings`,
    testCommunication: `${SETTING}/test-communication-settings`,
    basic: `${SETTING}/get-basic-settings`,
    updateBasic: `${SETTING}/update-basic-settings`,
    policies: `${SETTING}/get-policy-settings`,
    updatePolicies: `${SETTING}/update-policy-settings`,
  },
  /** Issue 21: the history of itineraries, blogs, place details, image libraries, homepage. */
  revisions: {
    list: `${API_BASE}/admin/revisions`,
    one: (id: string) => `${API_BASE}/admin/revisions/${encodeURIComponent(id)}`,
    restore: (id: string) => `${API_BASE}/admin/revisions/${encodeURIComponent(id)}/restore`,
  },
  /** Issue 21: scheduled homepage lineups (a whole configuration that goes live at `startsAt`). */
  homepageLineups: {
    list: `${API_BASE}/admin/homepage-lineups`,
    create: `${API_BASE}/admin/homepage-lineups`,
    one: (id: string) => `${API_BASE}/admin/homepage-lineups/${encodeURIComponent(id)}`,
  },
  /** Issue 22: the itinerary builder's calls beside spec §7's. */
  itineraryTools: {
    clone: (id: string) => `${API_BASE}/admin/clone-itinerary/${encodeURIComponent(id)}`,
    pdf: (id: string) => `${API_BASE}/admin/itinerary/${encodeURIComponent(id)}/pdf`,
    /** POST makes a link, GET lists the itinerary's links, DELETE …/share/{linkId} revokes one. */
    share: (id: string) => `${API_BASE}/admin/itinerary/${encodeURIComponent(id)}/share`,
    shareLink: (id: string, linkId: string) =>
      `${API_BASE}/admin/itinerary/${encodeURIComponent(id)}/share/${encodeURIComponent(linkId)}`,
  },
  /** Issue 24: the CSV export of a list (`csv.ts` EXPORT_ENTITIES), with the list's query. */
  exportCsv: (entity: string) => `${API_BASE}/admin/export/${entity}.csv`,
  /** Issue 24: CSV import of itineraries and places (`csv.ts` IMPORT_ENTITIES). */
  importCsv: {
    dryRun: (entity: string) => `${API_BASE}/admin/import/${entity}/dry-run`,
    apply: (entity: string) => `${API_BASE}/admin/import/${entity}/apply`,
  },
  /** Issue 23: the place × month coverage grid. */
  contentCoverage: `${API_BASE}/admin/content-coverage`,
  /** Issue 24: activate / deactivate / delete many records of one list (`bulk.ts`). */
  bulk: `${API_BASE}/admin/bulk`,
  /**
   * Issue 23: JSON-LD for the public website (schema.org TouristTrip + FAQPage, BlogPosting);
   * optional `?url=` names the public page that embeds it.
   */
  structuredData: {
    itinerary: (id: string) =>
      `${API_BASE}/admin/itinerary/${encodeURIComponent(id)}/structured-data`,
    blog: (id: string) => `${API_BASE}/admin/blog/${encodeURIComponent(id)}/structured-data`,
  },
  /** Issue 22: the public share page (no account) and its PDF; outside `/api`. */
  publicShare: {
    page: (token: string) => `/trip/${encodeURIComponent(token)}`,
    pdf: (token: string) => `/trip/${encodeURIComponent(token)}/pdf`,
  },
  marketing: {
    add: `${MARKETING}/add-new-notification`,
    list: `${MARKETING}/get-all-scheduled-notification`,
    update: `${MARKETING}/update-scheduled-notification`,
    delete: `${MARKETING}/delete-scheduled-notification`,
  },
  manage: {
    addUserType: `${MANAGE}/add-user-types`,
    listUserTypes: `${MANAGE}/get-user-types`,
    userTypeOptions: `${MANAGE}/get-user-types-list`,
    updateUserType: `${MANAGE}/update-user-type`,
    updateUserTypeStatus: `${MANAGE}/update-user-type-status`,
    saveUserTypePermissions: `${MANAGE}/saveUserTypePermissions`,
    allUserTypePermissions: `${MANAGE}/getAllUserTypePermissions`,
    addUser: `${MANAGE}/add-user`,
    listUsers: `${MANAGE}/get-users`,
    updateUserStatus: `${MANAGE}/admin-update-status`,
    updateUser: `${MANAGE}/update-admin-user`,
    resendInvitation: `${MANAGE}/resend-invitation`,
    userById: `${MANAGE}/get-admin-user-by-id`,
    activities: `${MANAGE}/get-admins-activities`,
  },
  /**
   * Issue 24: media tools: where an image is used, the generic image delete (`?force=true` removes
   * the references too), an image's focal point.
   */
  media: {
    base: `${API_BASE}/admin/media`,
    one: (imageId: string) => `${API_BASE}/admin/media/${encodeURIComponent(imageId)}`,
    focalPoint: (imageId: string) =>
      `${API_BASE}/admin/media/${encodeURIComponent(imageId)}/focal-point`,
    usage: (imageId: string) => `${API_BASE}/admin/media/${encodeURIComponent(imageId)}/usage`,
  },
  /** Issue 24: where an image library (and each of its images) is used. */
  imageLibraryUsage: (id: string) =>
    `${API_BASE}/admin/image-library/${encodeURIComponent(id)}/usage`,
  imageLibraries: {
    base: `${API_BASE}/admin/service/image-libraries`,
    one: (id: string) => `${API_BASE}/admin/service/image-libraries/${encodeURIComponent(id)}`,
    images: (id: string) =>
      `${API_BASE}/admin/service/image-libraries/${encodeURIComponent(id)}/images`,
    toggleStatus: (id: string) =>
      `${API_BASE}/admin/service/image-libraries/${encodeURIComponent(id)}/toggle-status`,
  },
  service: {
    addCountry: `${SERVICE}/add-new-country`,
    listCountries: `${SERVICE}/get-all-countries`,
    updateCountry: `${SERVICE}/update-country`,
    activeCountries: `${SERVICE}/get-all-active-country`,
    addState: `${SERVICE}/add-new-state`,
    listStates: `${SERVICE}/get-all-states`,
    updateState: `${SERVICE}/update-state`,
    activeStates: `${SERVICE}/get-all-active-state`,
    addPlace: `${SERVICE}/add-new-place`,
    listPlaces: `${SERVICE}/get-all-places`,
    updatePlace: `${SERVICE}/update-place`,
    activePlaces: `${SERVICE}/get-all-active-places`,
    deleteCountry: (id: string) => `${SERVICE}/delete-country/${encodeURIComponent(id)}`,
    deleteState: (id: string) => `${SERVICE}/delete-state/${encodeURIComponent(id)}`,
    deletePlace: (id: string) => `${SERVICE}/delete-place/${encodeURIComponent(id)}`,
    addPlaceDetails: `${SERVICE}/add-Place-Details`,
    listPlaceDetails: `${SERVICE}/get-Place-Details`,
    updatePlaceDetails: `${SERVICE}/update-Place-Details`,
    placeDetailsById: `${SERVICE}/get-Place-DetailsById`,
    addPlaceDetailsGallery: `${SERVICE}/update-Place-Details-Gallery-Images`,
    removePlaceDetailsGallery: `${SERVICE}/remove-Place-Details-Gallery-Images`,
    deletePlaceDetails: (id: string) => `${SERVICE}/delete-Place-Details/${encodeURIComponent(id)}`,
    addBlog: `${SERVICE}/add-new-place-blog`,
    listBlogs: `${SERVICE}/get-all-places-blog`,
    updateBlog: `${SERVICE}/update-place-blog`,
    deleteBlog: (id: string) => `${SERVICE}/delete-place-blog/${encodeURIComponent(id)}`,
    listItineraries: `${SERVICE}/get-all-itineraries`,
    createItinerary: `${SERVICE}/create-itinerary`,
    updateItinerary: (id: string) => `${SERVICE}/update-itinerary/${encodeURIComponent(id)}`,
    deleteItinerary: (id: string) => `${SERVICE}/delete-itinerary/${encodeURIComponent(id)}`,
    toggleItinerary: (id: string) => `${SERVICE}/toggle-itinerary-status/${encodeURIComponent(id)}`,
    itineraryGallery: (itineraryId: string) =>
      `${SERVICE}/itinerary/gallery/${encodeURIComponent(itineraryId)}`,
    itineraryGalleryImage: (itineraryId: string, imageId: string) =>
      `${SERVICE}/itinerary/gallery/${encodeURIComponent(itineraryId)}/${encodeURIComponent(imageId)}`,
    homepageSettings: `${SERVICE}/homepage-settings`,
    dashboard: `${SERVICE}/dashboard`,
  },
  uploads: '/uploads',
} as const;
