/**
 * The words the benchmark's data set is made of (`seedCatalogue` in bench-lib.ts): real countries,
 * states and union territories, well-known destinations in them, and the pieces generated place
 * names, titles and texts are assembled from. Passed to PostgreSQL as JSON parameters, so the
 * bulk inserts stay single `insert … select` statements.
 */

export interface SeedCountry {
  name: string;
  shortName: string;
  /** Regions (states, provinces, atolls) with well-known places in each. */
  states: Record<string, string[]>;
}

export const SEED_COUNTRIES: SeedCountry[] = [
  {
    name: 'India',
    shortName: 'IN',
    states: {
      'Andhra Pradesh': ['Tirupati', 'Araku Valley', 'Visakhapatnam', 'Gandikota'],
      'Arunachal Pradesh': ['Tawang', 'Ziro', 'Bomdila', 'Dirang'],
      Assam: ['Kaziranga', 'Guwahati', 'Majuli', 'Manas'],
      Bihar: ['Bodh Gaya', 'Nalanda', 'Rajgir', 'Patna'],
      Chhattisgarh: ['Chitrakote', 'Bastar', 'Raipur'],
      Goa: ['Panaji', 'Calangute', 'Palolem', 'Anjuna', 'Old Goa', 'Agonda'],
      Gujarat: ['Rann of Kutch', 'Gir', 'Ahmedabad', 'Dwarka', 'Somnath', 'Saputara'],
      Haryana: ['Kurukshetra', 'Morni Hills', 'Pinjore'],
      'Himachal Pradesh': ['Manali', 'Shimla', 'Dharamshala', 'Kasol', 'Spiti Valley', 'Dalhousie'],
      Jharkhand: ['Ranchi', 'Netarhat', 'Deoghar'],
      Karnataka: ['Coorg', 'Hampi', 'Mysuru', 'Gokarna', 'Chikmagalur', 'Bengaluru', 'Kabini'],
      Kerala: ['Munnar', 'Alleppey', 'Kochi', 'Thekkady', 'Varkala', 'Kovalam', 'Wayanad'],
      'Madhya Pradesh': ['Khajuraho', 'Kanha', 'Pachmarhi', 'Orchha', 'Bandhavgarh', 'Ujjain'],
      Maharashtra: ['Mumbai', 'Lonavala', 'Mahabaleshwar', 'Aurangabad', 'Alibaug', 'Nashik'],
      Manipur: ['Imphal', 'Loktak Lake', 'Ukhrul'],
      Meghalaya: ['Shillong', 'Cherrapunji', 'Mawlynnong', 'Dawki'],
      Mizoram: ['Aizawl', 'Champhai'],
      Nagaland: ['Kohima', 'Dzukou Valley', 'Mokokchung'],
      Odisha: ['Puri', 'Konark', 'Bhubaneswar', 'Chilika'],
      Punjab: ['Amritsar', 'Patiala', 'Anandpur Sahib'],
      Rajasthan: ['Jaipur', 'Udaipur', 'Jodhpur', 'Jaisalmer', 'Pushkar', 'Ranthambore'],
      Sikkim: ['Gangtok', 'Pelling', 'Lachung', 'Yuksom'],
      'Tamil Nadu': ['Ooty', 'Kodaikanal', 'Madurai', 'Mahabalipuram', 'Rameswaram', 'Chennai'],
      Telangana: ['Hyderabad', 'Warangal', 'Ramappa'],
      Tripura: ['Agartala', 'Unakoti'],
      'Uttar Pradesh': ['Varanasi', 'Agra', 'Lucknow', 'Mathura', 'Ayodhya', 'Prayagraj'],
      Uttarakhand: ['Rishikesh', 'Mussoorie', 'Nainital', 'Auli', 'Haridwar', 'Jim Corbett'],
      'West Bengal': ['Darjeeling', 'Kolkata', 'Sundarbans', 'Kalimpong', 'Shantiniketan'],
      'Andaman and Nicobar Islands': ['Havelock Island', 'Neil Island', 'Port Blair'],
      Chandigarh: ['Chandigarh'],
      'Dadra and Nagar Haveli and Daman and Diu': ['Daman', 'Diu', 'Silvassa'],
      Delhi: ['New Delhi', 'Old Delhi', 'Mehrauli'],
      'Jammu and Kashmir': ['Srinagar', 'Gulmarg', 'Pahalgam', 'Sonamarg'],
      Ladakh: ['Leh', 'Nubra Valley', 'Pangong Tso', 'Zanskar'],
      Lakshadweep: ['Agatti', 'Bangaram', 'Kavaratti'],
      Puducherry: ['Pondicherry', 'Auroville', 'Karaikal'],
    },
  },
  {
    name: 'Nepal',
    shortName: 'NP',
    states: {
      Bagmati: ['Kathmandu', 'Nagarkot', 'Chitwan', 'Bhaktapur'],
      Gandaki: ['Pokhara', 'Annapurna Base Camp', 'Bandipur'],
      Koshi: ['Namche Bazaar', 'Ilam'],
      Lumbini: ['Lumbini', 'Bardia'],
    },
  },
  {
    name: 'Bhutan',
    shortName: 'BT',
    states: {
      Thimphu: ['Thimphu'],
      Paro: ['Paro', "Tiger's Nest"],
      Punakha: ['Punakha'],
      Bumthang: ['Jakar'],
    },
  },
  {
    name: 'Sri Lanka',
    shortName: 'LK',
    states: {
      Western: ['Colombo', 'Negombo'],
      Central: ['Kandy', 'Nuwara Eliya', 'Sigiriya'],
      Southern: ['Galle', 'Mirissa', 'Yala'],
      Uva: ['Ella'],
    },
  },
  {
    name: 'Maldives',
    shortName: 'MV',
    states: {
      'Kaafu Atoll': ['Malé', 'Maafushi'],
      'Ari Atoll': ['Dhigurah'],
      'Baa Atoll': ['Hanifaru'],
    },
  },
  {
    name: 'Thailand',
    shortName: 'TH',
    states: {
      Bangkok: ['Bangkok'],
      'Chiang Mai': ['Chiang Mai', 'Pai'],
      Phuket: ['Patong', 'Kata'],
      Krabi: ['Ao Nang', 'Railay'],
    },
  },
  {
    name: 'United Arab Emirates',
    shortName: 'AE',
    states: { Dubai: ['Dubai Marina', 'Deira'], 'Abu Dhabi': ['Abu Dhabi', 'Liwa Oasis'] },
  },
  {
    name: 'Singapore',
    shortName: 'SG',
    states: { 'Central Region': ['Marina Bay', 'Sentosa', 'Chinatown'] },
  },
  {
    name: 'Indonesia',
    shortName: 'ID',
    states: {
      Bali: ['Ubud', 'Seminyak', 'Nusa Penida'],
      'Special Region of Yogyakarta': ['Yogyakarta'],
      'West Nusa Tenggara': ['Lombok', 'Gili Islands'],
    },
  },
  {
    name: 'Vietnam',
    shortName: 'VN',
    states: {
      Hanoi: ['Hanoi'],
      'Quang Ninh': ['Ha Long Bay'],
      'Quang Nam': ['Hoi An'],
      'Ho Chi Minh City': ['Saigon'],
    },
  },
];

/** Generated Indian town names: prefix + suffix (30 × 20 = 600 per state, unique within it). */
export const TOWN_PREFIXES = [
  'Ram',
  'Shiv',
  'Dev',
  'Chandan',
  'Hari',
  'Lakshmi',
  'Krishna',
  'Sundar',
  'Gopal',
  'Bhim',
  'Sita',
  'Raj',
  'Amar',
  'Anand',
  'Kamal',
  'Mohan',
  'Narayan',
  'Shanti',
  'Vijay',
  'Nanda',
  'Bela',
  'Kusum',
  'Madhu',
  'Padma',
  'Ratan',
  'Surya',
  'Tara',
  'Uday',
  'Veer',
  'Yash',
];
export const TOWN_SUFFIXES = [
  'pur',
  'nagar',
  'garh',
  'abad',
  'ganj',
  'wadi',
  'gaon',
  'kot',
  'puram',
  'palli',
  'halli',
  'pet',
  'ner',
  'sar',
  'khed',
  'giri',
  'wara',
  'kund',
  'tal',
  'dhar',
];

/** Itinerary title pieces (title = place + theme + a number that keeps it unique per place). */
export const ITINERARY_THEMES = [
  'Backwaters',
  'Beach Escape',
  'High Passes',
  'Desert Safari',
  'Tea Trails',
  'Island Hop',
  'Valley Trek',
  'Coffee Estates',
  'Ghats Walk',
  'Yoga Retreat',
  'Hill Station',
  'Ruins Tour',
  'Lake Palaces',
  'Toy Train',
  'Living Roots',
  'Monastery Circuit',
];

export const DAY_PLANS = [
  ['Arrival and welcome', 'Pick-up at the airport or station, check-in and an easy evening walk.'],
  ['Old town walk', 'A guided walk through the old quarter, its markets and a local lunch.'],
  ['Sunrise viewpoint', 'An early start for the sunrise, breakfast with a view, afternoon free.'],
  ['Nature trail', 'A half-day trail with a naturalist, picnic lunch by the water.'],
  ['Temples and crafts', 'Temples in the morning, a visit to a weavers’ village after lunch.'],
  ['Food trail', 'Street food tasting with a local host, cooking class in the evening.'],
  ['Day excursion', 'A full-day excursion by private car with stops at viewpoints.'],
  ['Leisure day', 'A free day for the spa, the pool or a walk on your own.'],
  ['Departure', 'Breakfast, check-out and transfer to the airport or station.'],
];

export const FAQS = [
  ['Are meals included?', 'Daily breakfast and dinner are included; lunches are on your own.'],
  ['Is airport pick-up included?', 'Yes, pick-up and drop by private car are part of the package.'],
  ['Can the itinerary be customised?', 'Yes, days can be added or swapped before you confirm.'],
  ['What is the cancellation policy?', 'Free cancellation up to 15 days before departure.'],
];

export const BLOG_TITLES = [
  'Things to do in',
  'A long weekend in',
  'Travel guide to',
  'Best time to visit',
  'Where to eat in',
  'Monsoon days in',
  'On a budget in',
  'Hidden corners of',
];

export const BLOG_TAGS = [
  'beaches',
  'mountains',
  'food',
  'culture',
  'wildlife',
  'trekking',
  'heritage',
  'monsoon',
  'budget',
  'luxury',
  'family',
  'festivals',
];
