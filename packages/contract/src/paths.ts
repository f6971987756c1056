/** API paths (spec §7), relative to the origin. The web's base query prefixes nothing else. */
export const API_BASE = '/api/v1';
const SERVICE = `${API_BASE}/admin/service`;

export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
  auth: {
    login: `${API_BASE}/admin/auth/login`,
    logout: `${API_BASE}/admin/auth/logout`,
    profile: `${API_BASE}/admin/auth/get-profile-details`,
    validateForgotPasswordToken: `${API_BASE}/admin/auth/validate-forgot-password-token`,
  },
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
    addPlaceDetails: `${SERVICE}/add-Place-Details`,
    listPlaceDetails: `${SERVICE}/get-Place-Details`,
    updatePlaceDetails: `${SERVICE}/update-Place-Details`,
    placeDetailsById: `${SERVICE}/get-Place-DetailsById`,
    addPlaceDetailsGallery: `${SERVICE}/update-Place-Details-Gallery-Images`,
    removePlaceDetailsGallery: `${SERVICE}/remove-Place-Details-Gallery-Images`,
    addBlog: `${SERVICE}/add-new-place-blog`,
    listBlogs: `${SERVICE}/get-all-places-blog`,
    updateBlog: `${SERVICE}/update-place-blog`,
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
