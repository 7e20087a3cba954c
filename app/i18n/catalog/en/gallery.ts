/**
 * The words of /gallery and of a photo's own page (/gallery/photo/:id), around the owner's own
 * captions and descriptions (app/i18n/photo-text.ts). The Spanish twin is ../es/gallery.ts.
 */
export const gallery = {
  "gallery.title": "Remodeling Gallery",
  "gallery.serviceTitle": "{service} photos",
  "gallery.pagedTitle": "{title}, page {page}",
  "gallery.metaDescription":
    "Photos of kitchens, bathrooms, floors, tile and fences finished by {name} for homeowners around {city}, {region}.",
  "gallery.metaDescriptionService": "Photos of {service} jobs finished by {name} for homeowners around {city}, {region}.",
  "gallery.subtitle": "Photos of jobs we have finished around {city}",
  "gallery.allPhotos": "All photos",
  "gallery.pageOf": "{title}, page {page} of {pageCount}",
  "gallery.filters": "Photo categories",
  "gallery.filterAll": "All",
  "gallery.pages": "Gallery pages",
  "gallery.empty.title": "No photos here yet",
  "gallery.empty.text":
    "We are putting together photos of recent kitchens, bathrooms, floors and fences. Until they are up, our service pages describe the work in detail, and we are happy to show you examples of our work when we visit for your free estimate.",
  "gallery.empty.servicesTitle": "What we build",
  "gallery.empty.servicesMore": "Browse our services",
  "gallery.unavailable.title": "We can't show the photos right now",
  "gallery.unavailable.text":
    "Our photo gallery is having a problem on our side. Please try again in a minute. Our service pages describe every kind of job we do, and you can request a free estimate at any time.",
  "photo.metaTitle": "{heading} | {service} photo",
  "photo.metaDescription": "{alt}. {service} by {name} for a homeowner around {city}, {region}.",
  "photo.metaDescriptionPlain": "{alt}. A job finished by {name} for a homeowner around {city}, {region}.",
  "photo.back": "Back to the gallery",
  "photo.estimateFor": "Get a free estimate for {service}",
  "photo.others": "Other photos",
  "photo.unavailable": "We can't show this photo right now. Please try again in a minute.",
  "list.all": "All",
  "list.previousPage": "Previous page",
  "list.nextPage": "Next page",
  "list.page": "Page",
  "list.unavailable.services": "Browse our services",
} as const;
