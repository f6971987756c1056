export * from './identity.js';
export * from './media.js';
export * from './image-libraries.js';
export * from './geography.js';
export * from './place-details.js';
export * from './blogs.js';
export * from './itineraries.js';
export * from './homepage.js';
