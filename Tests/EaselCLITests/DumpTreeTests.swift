import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render --dump-tree")
struct DumpTreeTests {
    static let scene = ##"""
        { "canvas": { "size": [100, 50], "background": "#ffffff" },
          "root": { "clipsToBounds": true, "subviews": [
            { "class": "Swatch", "id": "s", "frame": [10, 10, 30, 30], "opaque": false, "properties": { "color": "#ff0000" } },
            { "class": "View", "frame": [60, 10, 30, 20], "alpha": 0.5, "hidden": true,
              "autoresizingMask": ["flexibleWidth", "flexibleTopMargin"], "transform": { "scale": [2, 1] },
              "subviews": [ { "class": "View", "id": "inner", "frame": [1, 2, 3, 4], "userInteractionEnabled": false } ] } ] },
          "steps": [ { "resize": "s", "size": [20, 20] } ] }
        """##

    /// The tree's JSON, as `--dump-tree` prints it for the scene above (after its step).
    static let expected = """
        {
          "alpha" : 1,
          "autoresizingMask" : [],
          "bounds" : {
            "height" : 50,
            "width" : 100,
            "x" : 0,
            "y" : 0
          },
          "class" : "Window",
          "flags" : [
            "clipsToBounds",
            "opaque",
            "userInteractionEnabled",
            "autoresizesSubviews"
          ],
          "frame" : {
            "height" : 50,
            "width" : 100,
            "x" : 0,
            "y" : 0
          },
          "hidden" : false,
          "path" : "root",
          "subviews" : [
            {
              "alpha" : 1,
              "autoresizingMask" : [],
              "bounds" : {
                "height" : 20,
                "width" : 20,
                "x" : 0,
                "y" : 0
              },
              "class" : "Swatch",
              "flags" : [
                "userInteractionEnabled",
                "autoresizesSubviews"
              ],
              "frame" : {
                "height" : 20,
                "width" : 20,
                "x" : 10,
                "y" : 10
              },
              "hidden" : false,
              "id" : "s",
              "path" : "root.subviews[0]",
              "plugin" : "Shapes",
              "subviews" : [],
              "transform" : {
                "a" : 1,
                "b" : 0,
                "c" : 0,
                "d" : 1,
                "tx" : 0,
                "ty" : 0
              }
            },
            {
              "alpha" : 0.5,
              "autoresizingMask" : [
                "flexibleWidth",
                "flexibleTopMargin"
              ],
              "bounds" : {
                "height" : 20,
                "width" : 30,
                "x" : 0,
                "y" : 0
              },
              "class" : "View",
              "flags" : [
                "opaque",
                "userInteractionEnabled",
                "autoresizesSubviews"
              ],
              "frame" : {
                "height" : 20,
                "width" : 60,
                "x" : 45,
                "y" : 10
              },
              "hidden" : true,
              "path" : "root.subviews[1]",
              "subviews" : [
                {
                  "alpha" : 1,
                  "autoresizingMask" : [],
                  "bounds" : {
                    "height" : 4,
                    "width" : 3,
                    "x" : 0,
                    "y" : 0
                  },
                  "class" : "View",
                  "flags" : [
                    "opaque",
                    "autoresizesSubviews"
                  ],
                  "frame" : {
                    "height" : 4,
                    "width" : 3,
                    "x" : 1,
                    "y" : 2
                  },
                  "hidden" : false,
                  "id" : "inner",
                  "path" : "root.subviews[1].subviews[0]",
                  "subviews" : [],
                  "transform" : {
                    "a" : 1,
                    "b" : 0,
                    "c" : 0,
                    "d" : 1,
                    "tx" : 0,
                    "ty" : 0
                  }
                }
              ],
              "transform" : {
                "a" : 2,
                "b" : 0,
                "c" : 0,
                "d" : 1,
                "tx" : 0,
                "ty" : 0
              }
            }
          ],
          "transform" : {
            "a" : 1,
            "b" : 0,
            "c" : 0,
            "d" : 1,
            "tx" : 0,
            "ty" : 0
          }
        }

        """

    @Test("prints the laid-out tree after the steps: class, plugin, id, JSON path, frame, bounds, transform, alpha, hidden, flags")
    func dumpsTheTree() throws {
        let file = try writeScene(Self.scene)
        let result = try easel(["render", file.path, "--dump-tree"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == Self.expected)
    }

    @Test("--isolate prints the same tree from the worker, and -o still writes the image")
    func isolated() throws {
        let file = try writeScene(Self.scene)
        let image = file.deletingLastPathComponent().appendingPathComponent("tree.png")
        let result = try easel(["render", file.path, "--dump-tree", "--isolate", "-o", image.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.expected)
        #expect(try RasterImage(contentsOfPNG: image.path).pixel(x: 15, y: 15) == RGBA(r: 255, g: 0, b: 0))
    }

    @Test("without -o or --dump-tree, or with -o - or several scenes, it is a usage error (status 2)")
    func usage() throws {
        let file = try writeScene(Self.scene)
        let none = try easel(["render", file.path])
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("Error: give -o with the image to write (or --dump-tree to print the view tree)\n"))
        let both = try easel(["render", file.path, "--dump-tree", "-o", "-"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: --dump-tree prints the tree on standard output: -o - cannot write the image there too\n"))
        let several = try easel(["render", file.path, file.path, "--dump-tree"])
        #expect(several.status == 2)
        #expect(several.stderr.hasPrefix("Error: --dump-tree prints the tree of one scene; give one scene file\n"))
    }
}
