/*
 * The resources of libPhotoCard.so. This C target only carries the pictures
 * beside it: SwiftPM copies them into Easel_PhotoCard.resources next to the
 * plugin, its resource folder. (A Swift target with resources would get
 * SwiftPM's Bundle.module accessor, which links Foundation and ICU into the
 * plugin and so into every process that loads it, the scanner included.)
 */
typedef int photo_card_resources;
