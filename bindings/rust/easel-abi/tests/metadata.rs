//! `Metadata` builds the C form easel.h describes: class entries of the current size with their
//! property metadata (descriptions, value names and values), in the order given.

use easel_abi::*;
use std::ffi::CStr;
use std::os::raw::c_char;

fn text(pointer: *const c_char) -> Option<String> {
    if pointer.is_null() {
        None
    } else {
        // SAFETY: the metadata's strings are NUL-terminated and live for the process.
        Some(unsafe { CStr::from_ptr(pointer) }.to_str().expect("UTF-8").to_string())
    }
}

#[test]
fn property_descriptions_and_value_names() {
    let raw = Metadata::new()
        .description("Badges")
        .class("Badge", Some("A badge"), None)
        .property("Badge", "title", "The text in the badge")
        .property_enum("Badge", "style", Some("The shape of its ends"), &[("plain", 0), ("rounded", 1), ("pill", 2)])
        .property_enum("Knob", "size", None, &[("small", 1), ("large", 100)])
        .into_raw();
    // SAFETY: into_raw returns metadata that lives for the process.
    let metadata = unsafe { &*raw };
    assert_eq!(metadata.struct_size as usize, std::mem::size_of::<easel_plugin_metadata>());
    assert_eq!(metadata.class_count, 2);
    // SAFETY: `classes` holds `class_count` entries.
    let classes = unsafe { std::slice::from_raw_parts(metadata.classes, metadata.class_count as usize) };
    assert_eq!(classes[0].struct_size, EASEL_CLASS_METADATA_PROPERTIES_SIZE);
    assert_eq!(text(classes[0].class_name).as_deref(), Some("Badge"));
    assert_eq!(text(classes[1].class_name).as_deref(), Some("Knob"));   // given only through a property
    assert_eq!(classes[0].property_count, 2);
    // SAFETY: `properties` holds `property_count` entries.
    let badge = unsafe { std::slice::from_raw_parts(classes[0].properties, 2) };
    assert_eq!(text(badge[0].property_name).as_deref(), Some("title"));
    assert_eq!(text(badge[0].description).as_deref(), Some("The text in the badge"));
    assert_eq!(badge[0].enum_count, 0);
    assert!(badge[0].enum_names.is_null() && badge[0].enum_values.is_null());
    assert_eq!(badge[1].enum_count, 3);
    // SAFETY: `enum_names` and `enum_values` hold `enum_count` entries.
    let names: Vec<String> = unsafe { std::slice::from_raw_parts(badge[1].enum_names, 3) }.iter().filter_map(|&name| text(name)).collect();
    assert_eq!(names, ["plain", "rounded", "pill"]);
    assert_eq!(unsafe { std::slice::from_raw_parts(badge[1].enum_values, 3) }, &[0, 1, 2]);
    // SAFETY: as above.
    let knob = unsafe { &*classes[1].properties };
    assert_eq!(unsafe { std::slice::from_raw_parts(knob.enum_values, 2) }, &[1, 100]);
    assert!(knob.description.is_null());
}
