//! Easel plugins in Rust: the ABI of `easel.h` and a thin safe layer for defining widget classes.
//!
//! - [`sys`] (re-exported at the crate root) mirrors `easel.h` under its own names: the geometry
//!   structs, the descriptions a plugin returns, the host's tables (`easel_host_api`,
//!   `easel_graphics_api`, `easel_view_api`, the extension tables) and every constant.
//!   `tests/layout.rs` compiles a C program against the header and fails when any size, offset or
//!   constant here disagrees with it.
//! - The safe layer builds the descriptions ([`Plugin`], [`Class`], [`Property`], [`Method`]),
//!   exports the entry point ([`easel_plugin!`]), finds an object's storage ([`ClassRef`]), draws
//!   ([`Graphics`]) and keeps panics out of the host ([`guard`]).
//!
//! ```ignore
//! use easel_abi::*;
//!
//! #[repr(C)]
//! #[derive(Clone, Copy)]
//! struct Dot { color: easel_color }
//! static DOT: ClassRef = ClassRef::new(b"RustDot\0");
//!
//! extern "C" fn draw_rect(this: *mut easel_object, _cmd: easel_sel, _rect: easel_rect) {
//!     guard((), || {
//!         // SAFETY: Dot is the storage type declared for RustDot.
//!         if let (Some(dot), Some(g)) = (unsafe { DOT.storage::<Dot>(this) }, Graphics::current()) {
//!             g.set_fill_color(dot.color);
//!             g.fill_rect(views().bounds(this));
//!         }
//!     })
//! }
//!
//! easel_plugin!(Plugin::new("RustDots").class(
//!     Class::new("RustDot", "View").storage::<Dot>()
//!         .property(Property::new("color", field_offset!(Dot, color), easel_color { red: 1.0, green: 0.0, blue: 0.0, alpha: 1.0 }))
//!         .method(Method::draw_rect(draw_rect))));
//! ```
//!
//! Works with Rust 1.63 (Debian 12) and later, no dependencies.

pub mod sys;
pub use sys::*;

use std::ffi::CString;
use std::os::raw::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicPtr, Ordering};

static HOST: AtomicPtr<easel_host_api> = AtomicPtr::new(null_mut());

/// Keeps the host table the entry point received ([`easel_plugin!`] calls it).
pub fn set_host(host: *const easel_host_api) {
    HOST.store(host as *mut easel_host_api, Ordering::Release);
}

/// The host table; `None` before the entry point ran.
pub fn host() -> Option<&'static easel_host_api> {
    // SAFETY: the host table is valid for the life of the process (easel.h, "Ownership").
    unsafe { HOST.load(Ordering::Acquire).as_ref() }
}

/// The byte offset of a field in a `#[repr(C)]` struct, for [`Property::new`]
/// (`core::mem::offset_of!` needs Rust 1.77; this works from 1.51).
#[macro_export]
macro_rules! field_offset {
    ($type:ty, $field:ident) => {{
        let value = ::std::mem::MaybeUninit::<$type>::uninit();
        let base = value.as_ptr();
        #[allow(unused_unsafe)]
        let field = unsafe { ::std::ptr::addr_of!((*base).$field) };
        (field as usize) - (base as usize)
    }};
}

/// A Rust type with an Objective-C type encoding, laid out as C lays out that type: what a
/// property may hold.
///
/// # Safety
/// `ENCODING` must describe `Self`'s size and layout exactly.
pub unsafe trait Encoded: Copy + 'static {
    /// The type encoding, e.g. "d" or `{EaselColor=dddd}`.
    const ENCODING: &'static str;
}
unsafe impl Encoded for f64 {
    const ENCODING: &'static str = "d";
}
unsafe impl Encoded for f32 {
    const ENCODING: &'static str = "f";
}
unsafe impl Encoded for i32 {
    const ENCODING: &'static str = "i";
}
unsafe impl Encoded for u32 {
    const ENCODING: &'static str = "I";
}
unsafe impl Encoded for i64 {
    const ENCODING: &'static str = "q";
}
unsafe impl Encoded for u64 {
    const ENCODING: &'static str = "Q";
}
unsafe impl Encoded for bool {
    const ENCODING: &'static str = "B";
}
unsafe impl Encoded for easel_point {
    const ENCODING: &'static str = "{CGPoint=dd}";
}
unsafe impl Encoded for easel_size {
    const ENCODING: &'static str = "{CGSize=dd}";
}
unsafe impl Encoded for easel_rect {
    const ENCODING: &'static str = "{CGRect={CGPoint=dd}{CGSize=dd}}";
}
unsafe impl Encoded for easel_affine_transform {
    const ENCODING: &'static str = "{CGAffineTransform=dddddd}";
}
unsafe impl Encoded for easel_color {
    const ENCODING: &'static str = "{EaselColor=dddd}";
}

/// A string the host keeps: a NUL-terminated copy that is never freed (descriptions live as long
/// as the library, and the host never unloads a plugin).
fn leak_c_string(text: &str) -> *const c_char {
    let bytes: Vec<u8> = text.bytes().filter(|&byte| byte != 0).collect();
    match CString::new(bytes) {
        Ok(string) => string.into_raw() as *const c_char,
        Err(_) => null(),
    }
}

fn leak_slice<T>(items: Vec<T>) -> *const T {
    if items.is_empty() {
        null()
    } else {
        Box::leak(items.into_boxed_slice()).as_ptr()
    }
}

/// A declared property: a typed slot at an offset in the class's instance storage.
pub struct Property {
    name: String,
    encoding: &'static str,
    offset: usize,
    default_value: Vec<u8>,
}

impl Property {
    /// A property `name` of type `T` at `offset` (use [`field_offset!`]) starting at `default`.
    pub fn new<T: Encoded>(name: &str, offset: usize, default: T) -> Property {
        let size = std::mem::size_of::<T>();
        let mut bytes = vec![0u8; size];
        // SAFETY: `T: Copy` is plain data of `size` bytes.
        unsafe { std::ptr::copy_nonoverlapping(&default as *const T as *const u8, bytes.as_mut_ptr(), size) };
        Property { name: name.to_string(), encoding: T::ENCODING, offset, default_value: bytes }
    }
}

/// A method: a selector, its full type encoding and the C function implementing it.
pub struct Method {
    selector: String,
    encoding: String,
    imp: easel_imp,
}

/// `- (void)drawRect:(CGRect)rect`.
pub type DrawRectFn = extern "C" fn(this: *mut easel_object, cmd: easel_sel, rect: easel_rect);
/// A method without arguments or result (`init`, `layoutSubviews`, `didMoveToSuperview`, ...).
pub type VoidFn = extern "C" fn(this: *mut easel_object, cmd: easel_sel);
/// `- (CGSize)sizeThatFits:(CGSize)size`.
pub type SizeThatFitsFn = extern "C" fn(this: *mut easel_object, cmd: easel_sel, size: easel_size) -> easel_size;

impl Method {
    /// `drawRect:` ("v@:{CGRect=...}").
    pub fn draw_rect(function: DrawRectFn) -> Method {
        // SAFETY: the encoding describes DrawRectFn exactly.
        unsafe { Method::raw("drawRect:", &format!("v@:{}", easel_rect::ENCODING), std::mem::transmute(function)) }
    }

    /// A method without arguments or result, e.g. "init" or "layoutSubviews" ("v@:").
    pub fn void(selector: &str, function: VoidFn) -> Method {
        // SAFETY: "v@:" describes VoidFn exactly.
        unsafe { Method::raw(selector, "v@:", std::mem::transmute(function)) }
    }

    /// `sizeThatFits:` ("{CGSize=dd}@:{CGSize=dd}").
    pub fn size_that_fits(function: SizeThatFitsFn) -> Method {
        // SAFETY: the encoding describes SizeThatFitsFn exactly.
        unsafe {
            Method::raw("sizeThatFits:", &format!("{0}@:{0}", easel_size::ENCODING), std::mem::transmute(function))
        }
    }

    /// Any other method.
    ///
    /// # Safety
    /// `imp` must be an `extern "C"` function whose signature `encoding` describes exactly
    /// (`self`, `_cmd`, then the declared arguments), cast with `std::mem::transmute`.
    pub unsafe fn raw(selector: &str, encoding: &str, imp: unsafe extern "C" fn()) -> Method {
        Method { selector: selector.to_string(), encoding: encoding.to_string(), imp: Some(imp) }
    }
}

/// A class: a name, a superclass ("View", "Object" or any plugin's class), instance storage,
/// properties and methods.
pub struct Class {
    name: String,
    superclass: String,
    instance_size: usize,
    properties: Vec<Property>,
    methods: Vec<Method>,
}

impl Class {
    /// A class `name` inheriting from `superclass`, with no storage yet.
    pub fn new(name: &str, superclass: &str) -> Class {
        Class {
            name: name.to_string(),
            superclass: superclass.to_string(),
            instance_size: 0,
            properties: Vec::new(),
            methods: Vec::new(),
        }
    }

    /// Declares the instance storage: a `#[repr(C)]` struct of plain data. The host zeroes it,
    /// copies the property defaults in and frees it without calling back (no `Drop` runs), so it
    /// must not own memory.
    pub fn storage<T: Copy>(mut self) -> Class {
        self.instance_size = std::mem::size_of::<T>();
        self
    }

    /// Adds a property.
    pub fn property(mut self, property: Property) -> Class {
        self.properties.push(property);
        self
    }

    /// Adds a method.
    pub fn method(mut self, method: Method) -> Class {
        self.methods.push(method);
        self
    }

    fn into_desc(self) -> easel_class_desc {
        let properties: Vec<easel_property_desc> = self
            .properties
            .into_iter()
            .map(|property| easel_property_desc {
                abi_version: EASEL_ABI_VERSION,
                struct_size: std::mem::size_of::<easel_property_desc>() as u32,
                name: leak_c_string(&property.name),
                type_encoding: leak_c_string(property.encoding),
                offset: property.offset as u64,
                default_value: leak_slice(property.default_value) as *const c_void,
            })
            .collect();
        let methods: Vec<easel_method_desc> = self
            .methods
            .into_iter()
            .map(|method| easel_method_desc {
                abi_version: EASEL_ABI_VERSION,
                struct_size: std::mem::size_of::<easel_method_desc>() as u32,
                selector: leak_c_string(&method.selector),
                type_encoding: leak_c_string(&method.encoding),
                imp: method.imp,
            })
            .collect();
        easel_class_desc {
            abi_version: EASEL_ABI_VERSION,
            struct_size: std::mem::size_of::<easel_class_desc>() as u32,
            name: leak_c_string(&self.name),
            superclass_name: leak_c_string(&self.superclass),
            instance_size: self.instance_size as u64,
            property_count: properties.len() as u32,
            method_count: methods.len() as u32,
            properties: leak_slice(properties),
            methods: leak_slice(methods),
        }
    }
}

/// A plugin: a name and its classes.
pub struct Plugin {
    name: String,
    classes: Vec<Class>,
}

impl Plugin {
    /// A plugin called `name` (shown by `easel list`).
    pub fn new(name: &str) -> Plugin {
        Plugin { name: name.to_string(), classes: Vec::new() }
    }

    /// Adds a class.
    pub fn class(mut self, class: Class) -> Plugin {
        self.classes.push(class);
        self
    }

    /// The description the entry point returns, with the layout handshake; kept for the life of
    /// the process (the host never frees it).
    pub fn into_desc(self) -> *const easel_plugin_desc {
        let layout = Box::leak(Box::new(easel_layout {
            abi_version: EASEL_ABI_VERSION,
            struct_size: std::mem::size_of::<easel_layout>() as u32,
            point_size: std::mem::size_of::<easel_point>() as u32,
            size_size: std::mem::size_of::<easel_size>() as u32,
            rect_size: std::mem::size_of::<easel_rect>() as u32,
            transform_size: std::mem::size_of::<easel_affine_transform>() as u32,
            color_size: std::mem::size_of::<easel_color>() as u32,
            rect_alignment: field_offset!(easel_rect_alignment_probe, rect) as u32,
        }));
        let classes: Vec<easel_class_desc> = self.classes.into_iter().map(Class::into_desc).collect();
        Box::leak(Box::new(easel_plugin_desc {
            abi_version: EASEL_ABI_VERSION,
            struct_size: std::mem::size_of::<easel_plugin_desc>() as u32,
            name: leak_c_string(&self.name),
            layout,
            class_count: classes.len() as u32,
            classes: leak_slice(classes),
        }))
    }
}

/// Exports the entry point, `easel_plugin_entry_v2`, returning the description built by
/// `$plugin` (an expression of type [`Plugin`], evaluated once per process).
#[macro_export]
macro_rules! easel_plugin {
    ($plugin:expr) => {
        #[no_mangle]
        pub extern "C" fn easel_plugin_entry_v2(host: *const $crate::easel_host_api) -> *const $crate::easel_plugin_desc {
            $crate::set_host(host);
            $crate::entry(|| $plugin)
        }
    };
}

static DESCRIPTION: AtomicPtr<easel_plugin_desc> = AtomicPtr::new(null_mut());

/// What [`easel_plugin!`]'s entry point runs: builds the description once (NULL, refusing the
/// load, when building it panics).
pub fn entry(build: impl FnOnce() -> Plugin) -> *const easel_plugin_desc {
    let existing = DESCRIPTION.load(Ordering::Acquire);
    if !existing.is_null() {
        return existing;
    }
    match catch_unwind(AssertUnwindSafe(|| build().into_desc())) {
        Ok(description) => {
            DESCRIPTION.store(description as *mut easel_plugin_desc, Ordering::Release);
            description
        }
        Err(_) => null(),
    }
}

/// What a plugin says about itself (easel.metadata.v1), exported with [`easel_plugin_metadata!`]:
/// a description, version, author, licence and URL, and per class a one-line summary and preview
/// property values (a JSON object, as a scene's "properties" take it). Shown by `easel list` and
/// `easel inspect`.
#[derive(Default)]
pub struct Metadata {
    texts: [Option<String>; 5],
    classes: Vec<(String, Option<String>, Option<String>)>,
    /// (class, property, description, [(value name, value)]).
    properties: Vec<(String, String, Option<String>, Vec<(String, i64)>)>,
}

impl Metadata {
    /// No metadata yet.
    pub fn new() -> Metadata {
        Metadata::default()
    }
    /// What the plugin offers, in a sentence.
    pub fn description(mut self, text: &str) -> Metadata {
        self.texts[0] = Some(text.to_string());
        self
    }
    /// Its version, e.g. "1.2.0".
    pub fn version(mut self, text: &str) -> Metadata {
        self.texts[1] = Some(text.to_string());
        self
    }
    /// Who wrote it.
    pub fn author(mut self, text: &str) -> Metadata {
        self.texts[2] = Some(text.to_string());
        self
    }
    /// Its licence (an SPDX identifier).
    pub fn license(mut self, text: &str) -> Metadata {
        self.texts[3] = Some(text.to_string());
        self
    }
    /// Where it lives.
    pub fn url(mut self, text: &str) -> Metadata {
        self.texts[4] = Some(text.to_string());
        self
    }
    /// A class's summary and preview values (`None` for either when not given).
    pub fn class(mut self, name: &str, summary: Option<&str>, preview_properties: Option<&str>) -> Metadata {
        self.classes.push((name.to_string(), summary.map(str::to_string), preview_properties.map(str::to_string)));
        self
    }

    /// A property's one-line description (easel.metadata.v1, class metadata size 48). The class
    /// gets an entry of its own when [`Metadata::class`] did not give one.
    pub fn property(mut self, class: &str, property: &str, description: &str) -> Metadata {
        self.properties.push((class.to_string(), property.to_string(), Some(description.to_string()), Vec::new()));
        self
    }
    /// An integer property's value names with their values, and an optional description: scenes
    /// and `easel invoke` accept the names, `easel schema` lists them (easel.metadata.v1, class
    /// metadata size 48). `&[("plain", 0), ("rounded", 1), ("pill", 2)]`.
    pub fn property_enum(mut self, class: &str, property: &str, description: Option<&str>, cases: &[(&str, i64)]) -> Metadata {
        let cases = cases.iter().map(|(name, value)| (name.to_string(), *value)).collect();
        self.properties.push((class.to_string(), property.to_string(), description.map(str::to_string), cases));
        self
    }

    /// The C form, kept for the life of the process.
    pub fn into_raw(self) -> *const easel_plugin_metadata {
        let text = |value: &Option<String>| value.as_deref().map_or(null(), leak_c_string);
        let mut entries = self.classes.clone();
        for (class, _, _, _) in &self.properties {
            if !entries.iter().any(|(name, _, _)| name == class) {
                entries.push((class.clone(), None, None));
            }
        }
        let properties = &self.properties;
        let classes: Vec<easel_class_metadata> = entries
            .iter()
            .map(|(name, summary, preview)| {
                let own: Vec<easel_property_metadata> = properties
                    .iter()
                    .filter(|(class, _, _, _)| class == name)
                    .map(|(_, property, description, cases)| {
                        let names: Vec<*const c_char> = cases.iter().map(|(case, _)| leak_c_string(case)).collect();
                        let values: Vec<i64> = cases.iter().map(|(_, value)| *value).collect();
                        easel_property_metadata {
                            abi_version: EASEL_ABI_VERSION,
                            struct_size: std::mem::size_of::<easel_property_metadata>() as u32,
                            property_name: leak_c_string(property),
                            description: text(description),
                            enum_count: cases.len() as u32,
                            reserved: 0,
                            enum_names: leak_slice(names),
                            enum_values: leak_slice(values),
                        }
                    })
                    .collect();
                easel_class_metadata {
                    abi_version: EASEL_ABI_VERSION,
                    struct_size: std::mem::size_of::<easel_class_metadata>() as u32,
                    class_name: leak_c_string(name),
                    summary: text(summary),
                    preview_properties: text(preview),
                    property_count: own.len() as u32,
                    properties: leak_slice(own),
                }
            })
            .collect();
        Box::leak(Box::new(easel_plugin_metadata {
            abi_version: EASEL_ABI_VERSION,
            struct_size: std::mem::size_of::<easel_plugin_metadata>() as u32,
            description: text(&self.texts[0]),
            version: text(&self.texts[1]),
            author: text(&self.texts[2]),
            license: text(&self.texts[3]),
            url: text(&self.texts[4]),
            class_count: classes.len() as u32,
            classes: leak_slice(classes),
        }))
    }
}

/// Exports `easel_plugin_metadata_v2`, returning the metadata built by `$metadata` (an expression
/// of type [`Metadata`], evaluated once per process).
#[macro_export]
macro_rules! easel_plugin_metadata {
    ($metadata:expr) => {
        #[no_mangle]
        pub extern "C" fn easel_plugin_metadata_v2() -> *const $crate::easel_plugin_metadata {
            $crate::metadata_entry(|| $metadata)
        }
    };
}

static METADATA: AtomicPtr<easel_plugin_metadata> = AtomicPtr::new(null_mut());

/// What [`easel_plugin_metadata!`]'s function runs: builds the metadata once (NULL when building panics).
pub fn metadata_entry(build: impl FnOnce() -> Metadata) -> *const easel_plugin_metadata {
    let existing = METADATA.load(Ordering::Acquire);
    if !existing.is_null() {
        return existing;
    }
    match catch_unwind(AssertUnwindSafe(|| build().into_raw())) {
        Ok(metadata) => {
            METADATA.store(metadata as *mut easel_plugin_metadata, Ordering::Release);
            metadata
        }
        Err(_) => null(),
    }
}

/// Runs a method's body, turning a panic into a message in the host's log and `fallback`:
/// a panic must never unwind into the host.
pub fn guard<R>(fallback: R, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(_) => {
            log(null_mut(), "panic in a Rust method");
            fallback
        }
    }
}

/// Reports a message through the host (shown with the plugin's name).
pub fn log(object: *mut easel_object, message: &str) {
    if let (Some(host), Ok(text)) = (host(), CString::new(message.replace('\0', " "))) {
        if let Some(log) = host.log {
            // SAFETY: the host copies the message during the call.
            unsafe { log(object, text.as_ptr()) };
        }
    }
}

/// A class looked up by name on first use and cached (class handles never change); put it in a
/// `static`. `name` is NUL-terminated: `ClassRef::new(b"RustDot\0")`.
pub struct ClassRef {
    name: &'static [u8],
    class: AtomicPtr<easel_class>,
}

impl ClassRef {
    /// A reference to the class `name` (NUL-terminated).
    pub const fn new(name: &'static [u8]) -> ClassRef {
        ClassRef { name, class: AtomicPtr::new(null_mut()) }
    }

    /// The class handle; null when the host has no such class (or from an entry point, before
    /// classes are registered).
    pub fn get(&self) -> *mut easel_class {
        let cached = self.class.load(Ordering::Acquire);
        if !cached.is_null() || self.name.last() != Some(&0) {
            return cached;
        }
        let found = match host().and_then(|host| host.class_named) {
            // SAFETY: `name` is NUL-terminated (checked above).
            Some(class_named) => unsafe { class_named(self.name.as_ptr() as *const c_char) },
            None => null_mut(),
        };
        self.class.store(found, Ordering::Release);
        found
    }

    /// The storage this class declared in `object`, as `T`; `None` when `object` is not an
    /// instance of this class or a subclass.
    ///
    /// # Safety
    /// `T` must be the type given to [`Class::storage`] for this class, and no other reference
    /// to the same storage may be alive while the result is.
    pub unsafe fn storage<'a, T>(&self, object: *mut easel_object) -> Option<&'a mut T> {
        let object_storage = host()?.object_storage?;
        (object_storage(object, self.get()) as *mut T).as_mut()
    }
}

/// The view table (`host->views`).
///
/// # Panics
/// Before the entry point ran (no host table yet).
pub fn views() -> Views {
    match host() {
        // SAFETY: `views` is never NULL and lives for the process (easel.h).
        Some(host) => Views(unsafe { &*host.views }),
        None => panic!("easel_abi::views() before the entry point"),
    }
}

/// The view functions that take a view, with safe signatures (NULL views are fine: the host
/// ignores them).
#[derive(Clone, Copy)]
pub struct Views(pub &'static easel_view_api);

impl Views {
    /// The view's bounds; the zero rect when the slot is missing.
    pub fn bounds(&self, view: *mut easel_object) -> easel_rect {
        // SAFETY: the host accepts any object pointer it handed out, and NULL.
        self.0.bounds.map(|bounds| unsafe { bounds(view) }).unwrap_or_default()
    }

    /// Marks the view as needing display.
    pub fn set_needs_display(&self, view: *mut easel_object) {
        if let Some(function) = self.0.set_needs_display {
            // SAFETY: as bounds.
            unsafe { function(view) }
        }
    }
}

/// The drawing context of the current `drawRect:` and the graphics table: CoreGraphics-like
/// calls with safe signatures (the host checks every argument; errors are sticky in the context).
#[derive(Clone, Copy)]
pub struct Graphics {
    api: &'static easel_graphics_api,
    context: *mut easel_context,
}

macro_rules! forward {
    ($(#[$doc:meta])* $name:ident($($arg:ident: $type:ty),*)) => {
        $(#[$doc])*
        pub fn $name(&self, $($arg: $type),*) {
            if let Some(function) = self.api.$name {
                // SAFETY: a live context from current_context(); plain values.
                unsafe { function(self.context, $($arg),*) }
            }
        }
    };
}

impl Graphics {
    /// The context of the drawing call in progress; `None` outside drawing.
    pub fn current() -> Option<Graphics> {
        let host = host()?;
        // SAFETY: `graphics` is never NULL and lives for the process.
        let api: &'static easel_graphics_api = unsafe { &*host.graphics };
        // SAFETY: current_context takes no arguments.
        let context = unsafe { (api.current_context?)() };
        if context.is_null() {
            None
        } else {
            Some(Graphics { api, context })
        }
    }

    /// The raw context, for the extension tables.
    pub fn context(&self) -> *mut easel_context {
        self.context
    }

    forward!(/// Pushes a copy of the graphics state.
        save_state());
    forward!(/// Pops the state save_state pushed.
        restore_state());
    forward!(/// Sets the fill colour.
        set_fill_color(color: easel_color));
    forward!(/// Sets the stroke colour.
        set_stroke_color(color: easel_color));
    forward!(/// Sets the stroke width.
        set_line_width(width: f64));
    forward!(/// Fills a rect with the fill colour.
        fill_rect(rect: easel_rect));
    forward!(/// Strokes a rect.
        stroke_rect(rect: easel_rect));
    forward!(/// Discards the current path.
        begin_path());
    forward!(/// Starts a subpath.
        move_to(x: f64, y: f64));
    forward!(/// Adds a line.
        add_line_to(x: f64, y: f64));
    forward!(/// Adds a rectangle subpath.
        add_rect(rect: easel_rect));
    forward!(/// Adds an ellipse inscribed in a rect.
        add_ellipse_in_rect(rect: easel_rect));
    forward!(/// Closes the subpath.
        close_path());
    forward!(/// Fills the current path (`EASEL_FILL_*`).
        fill_path(rule: i32));
    forward!(/// Strokes the current path.
        stroke_path());
    forward!(/// Intersects the clip with the current path (`EASEL_FILL_*`).
        clip(rule: i32));
}
